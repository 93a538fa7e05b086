//go:build unix

package ugi

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that a kill
// reaches what it started too (an engine run through a script).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine and its process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
