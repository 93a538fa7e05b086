package proto

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// ErrFrameTooBig is returned by ReadFrame for a frame over the limit; the stream
// cannot go on after it.
var ErrFrameTooBig = errors.New("proto: frame over the size limit")

// WriteFrame writes one message over a byte stream (TCP): its length as 4 bytes,
// big-endian, then the message.
func WriteFrame(w io.Writer, msg []byte) error {
	if len(msg) > MaxFrame {
		return ErrFrameTooBig
	}
	buf := make([]byte, 4+len(msg))
	binary.BigEndian.PutUint32(buf, uint32(len(msg)))
	copy(buf[4:], msg)
	_, err := w.Write(buf)
	return err
}

// ReadFrame reads one message that WriteFrame wrote. A length over max is refused
// before anything is read or allocated past the header.
func ReadFrame(r io.Reader, max int) ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > uint32(max) {
		return nil, fmt.Errorf("%w (%d bytes, the limit is %d)", ErrFrameTooBig, n, max)
	}
	msg := make([]byte, n)
	if _, err := io.ReadFull(r, msg); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return msg, nil
}
