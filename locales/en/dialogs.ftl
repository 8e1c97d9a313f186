# The other windows: account SAS, Entra sign-in, service settings, settings export and import, the conflict lab (English, the reference).
