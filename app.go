package main

import (
	"fmt"
	"io"
)

// runApp opens the desktop app. The window is built in the app issue; until then the
// binary offers only its headless commands.
func runApp(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "trihex: the desktop app is not built yet; headless commands:")
	usage(stderr)
	return 2
}
