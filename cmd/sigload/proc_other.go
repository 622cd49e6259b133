//go:build !linux

package main

import "syscall"

// childAttr puts a server in a process group of its own, so that stopAll can signal all of it
// (no parent-death signal outside Linux: a sigload killed with SIGKILL leaves its servers).
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
