package online

import (
	"bytes"
	"context"
	"testing"
	"time"

	"trihex/online/proto"
)

// discard is a connection that swallows what the client sends.
type discard struct{}

func (discard) Read(ctx context.Context) ([]byte, error) { <-ctx.Done(); return nil, ctx.Err() }
func (discard) Write(context.Context, []byte) error      { return nil }
func (discard) Close() error                             { return nil }

// Whatever an authority sends, a seated client does not panic: messages that do
// not fit its view are refused or make it ask for the whole game.
func FuzzClientMessages(f *testing.F) {
	for _, s := range []string{
		`{"t":"move","seq":2,"seat":1,"n":1,"mv":"e6","hash":"0"}
{"t":"offer","seq":3,"seat":2,"kind":"takeback"}
{"t":"answer","seq":4,"seat":1,"kind":"takeback","ok":true,"n":0}`,
		`{"t":"state","seq":9,"seat":2,"snap":{"game":"AAAAAAAA","kind":"attangle","moves":["e6","c6"],"names":["",""],"joined":[true,true],"created":0,"result":{"winner":0,"term":"resignation"}}}`,
		`{"t":"answer","seq":2,"seat":2,"kind":"rematch","ok":true,"game":"BBBBBBBB"}
{"t":"over","seq":3,"result":{"winner":2,"term":"time forfeit"}}
{"t":"error","code":"illegal","kind":"move","n":1}`,
		`{"t":"joined","seq":2,"seat":2,"name":"x"}
{"t":"chat","seq":3,"seat":1,"text":"hi","id":4}
{"t":"pong","seq":7,"ts":1}
{"t":"ack","n":5}`,
		`{"t":"state","seq":5,"seat":1,"snap":{"game":"AAAAAAAA","kind":"attangle","tc":"60+2","moves":["e6","c6"],"names":["a","b"],"joined":[true,true],"created":0,"clock":{"sides":[{"main":60000,"moved":true},{"main":61000,"moved":true}],"toMove":1,"at":9},"clk":[60000,-2,5],"present":[true,false],"away":[0,5000],"awayLimit":60000}}
{"t":"presence","seq":6,"seat":2,"ok":true}
{"t":"move","seq":7,"seat":1,"n":3,"mv":"g4","clock":{"sides":[{"main":1,"periods":2},{"main":0}],"toMove":2,"flagged":1}}
{"t":"over","seq":8,"seat":2,"result":{"term":"aborted"}}`,
		`{"t":"state","seq":5,"seat":1,"snap":{"game":"AAAAAAAA","kind":"attangle","tc":"300+5x30","moves":[],"names":["a","b"],"joined":[true,true],"created":0,"clock":{"sides":[{"main":0,"periods":9,"period":99999999},{"main":0}],"toMove":2}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &Client{cfg: Config{Now: time.Now, Resend: time.Second, Key: NewKey()}, wake: make(chan struct{}, 1),
			cmds: make(chan func(*conn), 64), token: "TOKEN00000000000"}
		v, err := build(&proto.Snapshot{Game: "AAAAAAAA", Kind: "attangle", Joined: [2]bool{true, true}}, 1, 1, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		c.v = v
		k := &conn{c: c, w: discard{}, ctx: context.Background(), seated: true}
		// The window's Link follows the client: whatever comes, its session
		// takes it or is rebuilt, without a panic.
		c.emit(Event{Kind: Connected})
		l := Follow(c, "me", nil)
		l.Poll()
		_ = c.Move("e6")
		c.Offer(proto.OfferDraw)
		for _, line := range bytes.Split(data, []byte("\n")) {
			m, err := proto.Decode(line)
			if err != nil {
				continue
			}
			if err := k.receive(m); err != nil {
				return
			}
			view := c.View()
			view.Describe()
			_ = view.YourMove()
			l.Poll()
			_ = l.Status()
			if s := l.Session(); s != nil {
				s.Tick(true)
				if _, err := s.Record(); err != nil && s.Match.Len() == len(view.Moves) {
					t.Fatalf("the session's record: %v", err)
				}
			}
		}
	})
}
