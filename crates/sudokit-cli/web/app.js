// The page: being written.
