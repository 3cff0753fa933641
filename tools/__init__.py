"""Tools for building, serving and testing the site; never part of the game or its package."""
