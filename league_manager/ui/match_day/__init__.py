"""Match day in the desktop application: the fixture page, the wizard and the tabletop grid."""
