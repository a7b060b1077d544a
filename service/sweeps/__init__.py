"""The beat's periodic work: reminders and defaults at deadlines, daily digests."""
