"""Developer tools of Mega Civilization (data converters), outside the runtime package."""
