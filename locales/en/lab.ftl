# The conflict lab, and the shared pieces the panes draw with (English, the reference).
