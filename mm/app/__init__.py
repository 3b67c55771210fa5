"""The application layer: batch runs over collections, and the `mm` command line."""
