# What the app says around the service's errors and its own refusals (English, the reference).
