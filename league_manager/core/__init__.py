"""Core types shared by every layer: errors, money, ids."""
