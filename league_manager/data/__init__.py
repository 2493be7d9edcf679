"""Rulesets as package data files (one folder per ruleset id), read with importlib.resources."""
