package save

// renameOpen is false on Windows: a file open here (Go opens files without
// FILE_SHARE_DELETE) cannot be renamed ("Sharing violation"), so a write syncs and
// closes the temporary file before renaming it, rather than finishing the sync in
// the background.
const renameOpen = false
