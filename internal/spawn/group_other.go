//go:build !unix

package spawn

import (
	"os/exec"
	"time"
)

func ownGroup(cmd *exec.Cmd, grace time.Duration) {}
