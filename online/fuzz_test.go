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
		}
	})
}
