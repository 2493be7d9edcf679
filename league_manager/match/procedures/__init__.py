"""One small module per rule step; each procedure is a generator yielding prompts."""
