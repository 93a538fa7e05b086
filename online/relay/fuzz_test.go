package relay

import (
	"bytes"
	"testing"

	_ "trihex/game/all"
	"trihex/online/table"
)

// A store that holds anything (a damaged file, another program's subject) is
// read without a panic: events that do not decode or do not fit are errors.
func FuzzStoredEvents(f *testing.F) {
	f.Add([]byte(`{"i":1,"k":"create","at":5,"kind":"attangle","keys":["a",""],"token":"t"}
{"i":2,"k":"join","seat":2,"key":"b"}
{"i":3,"k":"move","seat":1,"n":1,"mv":"e6"}
{"i":4,"k":"offer","seat":2,"kind":"takeback","n":0}
{"i":5,"k":"answer","seat":1,"kind":"takeback","ok":true}`))
	f.Add([]byte(`{"i":1,"k":"create","kind":"andantino","tc":"1+0"}
{"k":"move","seat":1,"n":1,"mv":"1,-1","at":-9}
{"k":"flag","seat":3}`))
	f.Add([]byte(`{"i":1,"k":"create","kind":"abande","tc":"1+0"}
{"k":"flag"}`))
	f.Add([]byte(`{"i":1,"k":"create","at":5,"kind":"attangle","tc":"60+2","keys":["a","b"],"away":1000}
{"k":"move","seat":1,"n":1,"mv":"e6","at":6}
{"k":"move","seat":2,"n":2,"mv":"c6","at":7,"comp":500}
{"k":"presence","seat":2,"at":8}
{"k":"offer","seat":1,"kind":"takeback","n":2,"at":9}
{"k":"answer","seat":2,"kind":"takeback","ok":true,"at":10}
{"k":"claim","seat":1,"ok":true,"at":99999}
{"k":"flag","seat":2,"at":100000}`))
	f.Add([]byte(`{"i":1,"k":"create","at":5,"kind":"andantino","tc":"0+3x10","keys":["a","b"]}
{"k":"move","seat":1,"n":1,"mv":"1,-1","at":1}
{"k":"move","seat":2,"n":2,"mv":"2,-1","at":1}
{"k":"move","seat":1,"n":3,"mv":"0,1","at":99999999}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var events []*table.Event
		for i, line := range bytes.Split(data, []byte("\n")) {
			_, e, err := DecodeEvent(Record{Game: "AAAAAAAA", Seq: uint64(i + 1), Data: line})
			if err != nil {
				return
			}
			events = append(events, e)
		}
		tab, err := table.Fold("AAAAAAAA", events)
		if err != nil {
			return
		}
		tab.Snapshot(0)
		tab.Summary(1)
		tab.Due(1 << 40)
	})
}
