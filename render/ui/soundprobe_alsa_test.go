//go:build (linux && !android) || freebsd || netbsd

package ui

import "testing"

// Sound is tried where a PulseAudio or PipeWire server, a user's ALSA
// configuration or a sound card may play it, and not tried (so that ALSA writes
// nothing to stderr) where none is.
func TestSoundProbe(t *testing.T) {
	cases := []struct {
		name  string
		env   map[string]string
		files []string
		plays bool
	}{
		{"nothing", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1", "HOME": "/home/p"}, nil, false},
		{"no runtime dir", nil, []string{"/pulse/native"}, false},
		{"PULSE_SERVER", map[string]string{"PULSE_SERVER": "unix:/tmp/p/native"}, nil, true},
		{"a server's socket", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1"}, []string{"/run/user/1/pulse/native"}, true},
		{".asoundrc", map[string]string{"HOME": "/home/p"}, []string{"/home/p/.asoundrc"}, true},
	}
	for _, c := range cases {
		getenv := func(k string) string { return c.env[k] }
		exists := func(p string) bool {
			for _, f := range c.files {
				if f == p {
					return true
				}
			}
			return false
		}
		why := soundProbe(getenv, exists)
		if (why == "") != c.plays {
			t.Errorf("%s: %q, want plays %v", c.name, why, c.plays)
		}
	}
}
