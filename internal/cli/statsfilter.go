package cli

import (
	"bytes"
	"io"
	"strings"
)

// periodicStats drops the firmware's periodic stats dumps from the QEMU
// console `run` shows (the mps2-an500 firmware prints one every 10 s,
// between "@@stats begin ... reason=periodic" and "@@stats end"): asked-for
// dumps (a UDP datagram to the stats port, a byte on the UART) and every
// other line pass; `run --stats` shows the periodic ones too.
type periodicStats struct {
	w       io.Writer
	line    []byte
	dropped bool // inside a periodic dump
}

func (p *periodicStats) Write(b []byte) (int, error) {
	for _, c := range b {
		p.line = append(p.line, c)
		if c != '\n' {
			continue
		}
		line := string(p.line)
		p.line = p.line[:0]
		switch {
		case strings.HasPrefix(line, "@@stats begin ") && strings.Contains(line, " reason=periodic "):
			p.dropped = true
			continue
		case p.dropped && strings.HasPrefix(line, "@@stats end"):
			p.dropped = false
			continue
		case p.dropped:
			continue
		}
		if _, err := io.Copy(p.w, bytes.NewBufferString(line)); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}
