//go:build !linux

package qemu

import (
	"context"
	"errors"
	"io"
)

var errNoTap = errors.New("the tap back end needs Linux (network namespaces, taps)")

// CanTap reports that the tap back end is Linux only.
func CanTap() error { return errNoTap }

// StartTap is Linux only.
func StartTap(ctx context.Context, elf string, o TapOptions) (*Instance, error) { return nil, errNoTap }

// TapStats is zero off Linux.
func (inst *Instance) TapStats(ctx context.Context) (TapStats, error) { return TapStats{}, nil }

// TapMode is "" off Linux.
func (inst *Instance) TapMode() string { return "" }

// Netns is "" off Linux.
func (inst *Instance) Netns() string { return "" }

func startTap(ctx context.Context, elf string, o TapOptions, tee io.Writer) (*Instance, error) {
	return nil, errNoTap
}
