"""persistence layer."""
