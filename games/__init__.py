"""Pure game rules: no Discord, no SQLite, no Pillow. See games/README.md."""
