package fsutil

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Limits of what lwipgen reads: every input it knows (board and chip files,
// lwipopts.h, .ioc, .config, rtconfig.h, linker scripts, Makefiles, the
// manifest) is far below them; a bigger one is a mistake or an attack.
const (
	MaxInput = 16 << 20 // bytes of one input file
	// MaxArtefact bounds what lwipgen reads back of its own build (a linked
	// ELF or an archive with debug information)
	MaxArtefact = 512 << 20
)

// ReadFile reads path if it is a regular file of at most max bytes. A device
// (/dev/zero), a FIFO (which would block forever), a directory, or a file
// that grows past max while being read is refused with an error naming it.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, path, max)
}

func readBounded(f *os.File, name string, max int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s); lwipgen reads only regular files", name, kind(fi.Mode()))
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d lwipgen reads", name, fi.Size(), max)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: more than the %d bytes lwipgen reads", name, max)
	}
	return b, nil
}

// Position is a 1-based line and column (in bytes) of src at offset off.
func Position(src []byte, off int) (line, col int) {
	line = 1 + bytes.Count(src[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

// TextError is a text input that is not text, at a position.
type TextError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *TextError) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// CheckText refuses input that is not text: a NUL byte or invalid UTF-8
// (a binary file given by mistake would otherwise parse as an empty config).
func CheckText(name string, src []byte) error {
	if enc := utf16Of(src); enc != "" {
		return &TextError{name, 1, 1, enc + " text: lwipgen reads UTF-8 (or ASCII); save the file as UTF-8"}
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		l, c := Position(src, i)
		return &TextError{name, l, c, "binary content (a NUL byte): not a text file"}
	}
	if !utf8.Valid(src) {
		i := 0
		for i < len(src) {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		// Latin-1 comments in vendor files are common: only refuse when most of it is not text
		if bad := countInvalid(src); bad*20 > len(src) {
			l, c := Position(src, i)
			return &TextError{name, l, c, fmt.Sprintf("binary content (%d bytes are not UTF-8 text)", bad)}
		}
	}
	return nil
}

// utf16Of names the UTF-16 encoding of src ("" when it is not): a byte
// order mark, or ASCII text with a NUL beside every character (a file saved
// as "Unicode" by a Windows editor), which would otherwise read as binary.
func utf16Of(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte{0xff, 0xfe}):
		return "UTF-16 (little-endian, with a byte order mark)"
	case bytes.HasPrefix(src, []byte{0xfe, 0xff}):
		return "UTF-16 (big-endian, with a byte order mark)"
	}
	n := len(src) &^ 1
	if n < 8 {
		return ""
	}
	var evenNUL, oddNUL int
	for i := 0; i < n; i += 2 {
		if src[i] == 0 {
			evenNUL++
		}
		if src[i+1] == 0 {
			oddNUL++
		}
	}
	half := n / 2
	switch {
	case oddNUL*10 >= half*9 && evenNUL == 0:
		return "UTF-16 (little-endian)"
	case evenNUL*10 >= half*9 && oddNUL == 0:
		return "UTF-16 (big-endian)"
	}
	return ""
}

func countInvalid(src []byte) int {
	bad := 0
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n <= 1 {
			bad++
		}
		i += n
	}
	return bad
}

// ReadText is ReadFile plus CheckText.
func ReadText(path string, max int64) ([]byte, error) {
	b, err := ReadFile(path, max)
	if err != nil {
		return nil, err
	}
	return b, CheckText(path, b)
}

// KindOf names a file mode's kind for an error ("a FIFO", "a device").
func KindOf(m os.FileMode) string { return kind(m) }

func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}
