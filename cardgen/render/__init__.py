"""Print rendering shared by every game: fonts, icons, text fitting, layouts, imposition,
PDF and PNG output."""
