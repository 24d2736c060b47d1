package sim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strings"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// Protocol between the scheduler and a node process (see csrc/sim_node.c).
const (
	opStep    = 1
	opListen  = 2
	opConnect = 3
	opMode    = 4
	opStats   = 5
	opQuit    = 6
	opFault   = 7
	opConns   = 8 // only the connections' counters (the polling loops)

	recFrame = 1
	recText  = 2
	recDone  = 3
)

// Application modes of a connection (csrc/sim_node.c M_*).
const (
	modeIdle     = 0
	modeSource   = 1
	modeSink     = 2
	modeRRServer = 3
	modeRRClient = 4
)

const never = int64(math.MaxInt64)

// frameOut is a frame a node's MAC finished sending at Ready (virtual ns).
type frameOut struct {
	Ready int64
	Data  []byte
}

// node is one running node process (device or peer).
type node struct {
	name   string
	cmd    *exec.Cmd
	w      *bufio.Writer
	r      *bufio.Reader
	stderr *bytes.Buffer
	next   int64 // time of its next internal event
	hdr    [24]byte
	// answered: the node completed a command, so its start-up (board_init: the board's network
	// init, on an RTOS board tcpip_init and the tasks) succeeded.
	answered bool
	pipes    []*os.File // our ends of its stdin and stdout
	release  func()     // frees spawn's timer and StopAll link once the node has exited
}

func startNode(ctx context.Context, name, exe string, args []string) (*node, error) {
	// a node runs as long as the simulation: no wall clock or memory limit,
	// but its own process group, ended with ctx or spawn.StopAll
	cmd, release := spawn.Command(ctx, spawn.Limits{}, append([]string{exe}, args...)...)
	inR, inW, err := blockingPipe()
	if err != nil {
		release()
		return nil, err
	}
	outR, outW, err := blockingPipe()
	if err != nil {
		inR.Close()
		inW.Close()
		release()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	n := &node{name: name, cmd: cmd, release: release, w: bufio.NewWriterSize(inW, 1<<16), r: bufio.NewReaderSize(outR, 1<<20), stderr: &bytes.Buffer{}, next: never,
		pipes: []*os.File{inW, outR}}
	cmd.Stderr = n.stderr
	err = cmd.Start()
	// the child has its ends; without closing ours a read would not see the node exit
	inR.Close()
	outW.Close()
	if err != nil {
		n.closePipes()
		release()
		return nil, fmt.Errorf("starting the %s node: %v", name, err)
	}
	return n, nil
}

func (n *node) closePipes() {
	for _, f := range n.pipes {
		f.Close()
	}
	n.pipes = nil
}

// call sends one command at virtual time t and collects the node's frames
// and text until it reports its next event time.
func (n *node) call(op uint32, t int64, a, b uint32, payload []byte, frames func(frameOut)) (string, error) {
	binary.LittleEndian.PutUint32(n.hdr[0:], op)
	binary.LittleEndian.PutUint32(n.hdr[4:], a)
	binary.LittleEndian.PutUint64(n.hdr[8:], uint64(t))
	binary.LittleEndian.PutUint32(n.hdr[16:], b)
	binary.LittleEndian.PutUint32(n.hdr[20:], uint32(len(payload)))
	n.w.Write(n.hdr[:])
	n.w.Write(payload)
	if err := n.w.Flush(); err != nil {
		return "", n.failed(err)
	}
	var text string
	var rh [16]byte
	for {
		if _, err := io.ReadFull(n.r, rh[:]); err != nil {
			return "", n.failed(err)
		}
		typ := binary.LittleEndian.Uint32(rh[0:])
		ln := binary.LittleEndian.Uint32(rh[4:])
		tt := binary.LittleEndian.Uint64(rh[8:])
		var data []byte
		if ln > 0 {
			data = make([]byte, ln)
			if _, err := io.ReadFull(n.r, data); err != nil {
				return "", n.failed(err)
			}
		}
		switch typ {
		case recFrame:
			if frames != nil {
				frames(frameOut{Ready: int64(tt), Data: data})
			}
		case recText:
			text = string(data)
		case recDone:
			n.answered = true
			if tt >= uint64(never) {
				n.next = never
			} else {
				n.next = int64(tt)
			}
			return text, nil
		default:
			return "", n.failed(fmt.Errorf("protocol error (record %d)", typ))
		}
	}
}

func (n *node) failed(err error) error {
	n.closePipes()
	n.cmd.Wait()
	n.release()
	msg := strings.TrimSpace(n.stderr.String())
	if msg != "" {
		return fmt.Errorf("%s node: %v: %s", n.name, err, firstLines(msg, 10))
	}
	return fmt.Errorf("%s node: %v", n.name, err)
}

// startupFailure says why the node died before it answered a command (its start-up failed: e.g.
// lwIP's defaults on an RTOS board, whose TCPIP_MBOX_SIZE 0 makes osMessageQueueNew return NULL and
// tcpip_init assert), from what it printed; "" while it runs or once it answered.
func (n *node) startupFailure() string {
	if n == nil || n.answered || n.cmd.ProcessState == nil {
		return ""
	}
	msg := strings.TrimSpace(n.stderr.String())
	if msg == "" {
		msg = n.cmd.ProcessState.String()
	}
	return firstLines(msg, 3)
}

func (n *node) close() {
	if n == nil || n.cmd == nil {
		return
	}
	binary.LittleEndian.PutUint32(n.hdr[0:], opQuit)
	for i := 4; i < 24; i++ {
		n.hdr[i] = 0
	}
	n.w.Write(n.hdr[:])
	n.w.Flush()
	n.closePipes()
	n.cmd.Wait()
	n.release()
}
