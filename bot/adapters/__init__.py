"""Adapters: what turns a person's action into a service call and a reply into something shown:
Discord, the offline console, and the board pages in a browser (web).

They may import the core, the features and the wiring's settings, never one another (bot/cli.py
sets the board pages beside the console or the bot); the core never imports them.
"""
