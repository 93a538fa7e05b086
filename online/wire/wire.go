// Package wire carries the protocol's messages: one message at a time over a TCP
// stream (length-prefixed frames), a WebSocket (one text message each) or an
// in-memory pipe that can drop, duplicate and delay messages for tests. Every
// carrier refuses a message over proto.MaxFrame.
package wire

import (
	"bufio"
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/coder/websocket"

	"trihex/online/proto"
)

// Conn is a message connection. Read is called from one goroutine and Write from
// one (they may be different); Close ends both and may be called from any.
type Conn interface {
	Read(ctx context.Context) ([]byte, error)
	Write(ctx context.Context, msg []byte) error
	Close() error
}

// ErrClosed is returned by a closed in-memory connection.
var ErrClosed = errors.New("wire: connection closed")

// Stream carries messages over a byte stream as proto frames.
type Stream struct {
	c  net.Conn
	r  *bufio.Reader
	mu sync.Mutex
}

// NewStream wraps a TCP connection.
func NewStream(c net.Conn) *Stream { return &Stream{c: c, r: bufio.NewReader(c)} }

// Read returns the next message; a frame over the limit is an error and the
// stream is done.
func (s *Stream) Read(ctx context.Context) ([]byte, error) {
	if d, ok := ctx.Deadline(); ok {
		_ = s.c.SetReadDeadline(d)
	} else {
		_ = s.c.SetReadDeadline(time.Time{})
	}
	stop := context.AfterFunc(ctx, func() { _ = s.c.SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	return proto.ReadFrame(s.r, proto.MaxFrame)
}

// Write sends one message.
func (s *Stream) Write(ctx context.Context, msg []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := ctx.Deadline(); ok {
		_ = s.c.SetWriteDeadline(d)
	} else {
		_ = s.c.SetWriteDeadline(time.Time{})
	}
	return proto.WriteFrame(s.c, msg)
}

// Close closes the TCP connection.
func (s *Stream) Close() error { return s.c.Close() }

// WS carries messages over a WebSocket.
type WS struct{ c *websocket.Conn }

// NewWS wraps a WebSocket connection and sets its read limit.
func NewWS(c *websocket.Conn) *WS {
	c.SetReadLimit(proto.MaxFrame)
	return &WS{c: c}
}

// Read returns the next text message.
func (w *WS) Read(ctx context.Context) ([]byte, error) {
	typ, b, err := w.c.Read(ctx)
	if err == nil && typ != websocket.MessageText {
		_ = w.c.Close(websocket.StatusUnsupportedData, "text messages only")
		return nil, errors.New("wire: a binary WebSocket message")
	}
	return b, err
}

// Write sends one text message.
func (w *WS) Write(ctx context.Context, msg []byte) error {
	return w.c.Write(ctx, websocket.MessageText, msg)
}

// Close closes the WebSocket normally.
func (w *WS) Close() error { return w.c.Close(websocket.StatusNormalClosure, "") }

// DialWS opens a WebSocket to a relay at url (ws:// or wss://).
func DialWS(ctx context.Context, url string) (*WS, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	return NewWS(c), nil
}

// DialTCP opens a stream to a direct game's host at addr.
func DialTCP(ctx context.Context, addr string) (*Stream, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return NewStream(c), nil
}
