"""The pages shown in the centre of the main window."""
