//go:build !windows

package save

// renameOpen reports whether a file may be renamed while still open, its sync
// finishing in the background (see atomic_windows.go for the exception).
const renameOpen = true
