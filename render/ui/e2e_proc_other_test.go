//go:build !unix

package ui

import "os/exec"

// The end-to-end tests run under Xvfb, on unix only; elsewhere the process alone.
func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
