"""Lessons: a game taught step by step on the table (ratscrew/tools/lesson.py), the list of
lessons, and their links."""
