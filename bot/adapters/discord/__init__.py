"""The Discord adapter: the client (`client`), the message shapes of a reply (`shapes`), the
sender that alone posts to channels (`posting`) and the places tables live in (`places`).

The only part of the project that imports discord, and the only one that knows Discord's limits
(`shapes`) and writes its markup for people, channels and times. It imports no other adapter.
"""
