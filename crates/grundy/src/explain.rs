//! The reasoning behind a verdict, in words and binary columns, as the notes do it.
