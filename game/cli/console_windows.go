package cli

import (
	"os"

	"golang.org/x/sys/windows"
)

// The Windows build is a GUI program (a double-click opens no console window), so
// Windows gives it no standard output, and the headless commands typed in a Command
// Prompt or PowerShell would print nothing. Joining the console of the shell that
// started it, when there is one, lets them print there; output already redirected
// to a file or a pipe goes on going there.
func init() {
	if valid(windows.STD_OUTPUT_HANDLE) && valid(windows.STD_ERROR_HANDLE) {
		return
	}
	const attachParentProcess = ^uintptr(0)
	if r, _, _ := procAttachConsole.Call(attachParentProcess); r == 0 {
		return // started from Explorer: no console to join
	}
	out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0)
	if err != nil {
		return
	}
	if !valid(windows.STD_OUTPUT_HANDLE) {
		os.Stdout = out
	}
	if !valid(windows.STD_ERROR_HANDLE) {
		os.Stderr = out
	}
}

var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

func valid(std uint32) bool {
	h, err := windows.GetStdHandle(std)
	return err == nil && h != 0 && h != windows.InvalidHandle
}
