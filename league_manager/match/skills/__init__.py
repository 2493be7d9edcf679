"""Skills and traits hooking named points of the procedures through a registry."""
