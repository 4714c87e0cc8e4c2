"""The games of the library, one subpackage each."""
