"""Command-line front end over the same services as the GUI (headless work, scripting, CI)."""
