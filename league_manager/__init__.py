"""League Manager: a desktop league manager for Blood Bowl-style fantasy football."""

__version__ = "0.1.0"
