"""The terminal adapter: the console that reads commands and prints replies (`console`), the
local single-process game (`local`) and the scripted demo (`demo`).

It may import the core, the wiring's `extensions` and db/; never discord nor another adapter.
"""
