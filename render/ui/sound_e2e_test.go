package ui

import (
	"encoding/binary"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"trihex/save"
)

// TestEndToEndSound checks that the sound is heard: it starts a private PulseAudio
// server with a null sink (the app's audio library, oto, speaks PulseAudio's protocol
// first), records the sink's monitor with parec while the real window plays d4 in
// Abande, and measures the recording. With the default settings the move is loud; muted
// in the settings file, or muted with M before the move, the recording is silent, while
// the app is still connected to the sink (so the silence is the mute's doing). It needs
// pulseaudio, parec and pactl besides e2eSetup's tools; TRIHEX_E2E=1 (about 20 s).
func TestEndToEndSound(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	for _, tool := range []string{"pulseaudio", "parec", "pactl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not installed (bash .ci/deps installs it)", tool)
		}
	}
	pulseEnv := startPulse(t, filepath.Join(dir, "pulse"))
	rec := startRecorder(t, pulseEnv)
	cases := []struct {
		name, cmds  string
		sound, loud bool // the setting at start, and what the recording must be
	}{
		{"on", "click d4\nsleep 1\n", true, true},
		{"muted-in-settings", "click d4\nsleep 1\n", false, false},
		{"muted-with-M", "key m\nclick d4\nsleep 1\n", true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := filepath.Join(dir, "config-"+c.name)
			st := save.DefaultSettings()
			st.Sound = c.sound
			if err := os.MkdirAll(cfg, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := save.SaveSettings(cfg, st); err != nil {
				t.Fatal(err)
			}
			// The last case's app may still be closing its stream: wait for none.
			for i := 0; i < 50; i++ {
				if o, _ := pactlCmd(pulseEnv, "list", "short", "sink-inputs").Output(); len(strings.TrimSpace(string(o))) == 0 {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			from, began := rec.mark(), time.Now()

			// While the window runs, count the streams playing into the sink: the app's.
			// The commands go in only once the stream is open: a sound asked for while
			// the device is still starting is skipped (soundBox.usable), and under load
			// the start can outlast the driver's wait for the window.
			done, opened := make(chan struct{}), make(chan struct{})
			var wg sync.WaitGroup
			streams := 0
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					o, _ := pactlCmd(pulseEnv, "list", "short", "sink-inputs").Output()
					if n := strings.Count(string(o), "\n"); n > 0 && streams == 0 {
						streams = n
						close(opened)
					} else {
						streams = max(streams, n)
					}
					select {
					case <-done:
						return
					case <-time.After(200 * time.Millisecond):
					}
				}
			}()
			cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "abande",
				"--size", "1024x700", "--config-dir", cfg, "--record-out", filepath.Join(dir, c.name+".txt"))
			cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "PULSE_SERVER="+envValue(pulseEnv, "PULSE_SERVER"),
				"PULSE_COOKIE="+envValue(pulseEnv, "PULSE_COOKIE"))
			var drvOut strings.Builder
			cmd.Stdout, cmd.Stderr = &drvOut, &drvOut
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			drvErr := cmd.Start()
			if drvErr == nil {
				select {
				case <-opened:
					time.Sleep(300 * time.Millisecond) // the device's ready signal follows the stream
				case <-time.After(20 * time.Second): // reported below: no stream
				}
				io.WriteString(stdin, c.cmds)
				stdin.Close()
				drvErr = cmd.Wait()
			}
			close(done)
			wg.Wait()
			time.Sleep(300 * time.Millisecond) // the monitor's last fragments
			pcm, wall := rec.since(from), time.Since(began).Seconds()
			if drvErr != nil {
				log, _ := os.ReadFile(filepath.Join(dir, "log"))
				t.Fatalf("driver: %v\n%s\napp log:\n%s", drvErr, drvOut.String(), log)
			}
			if moves, _ := os.ReadFile(filepath.Join(dir, c.name+".txt")); !strings.Contains(string(moves), "1. d4") {
				t.Fatalf("the move was not played; record:\n%s", moves)
			}
			if st, _ := save.LoadSettings(cfg); st.Sound != c.loud {
				t.Errorf("the sound setting after the run is %v, want %v", st.Sound, c.loud)
			}
			if streams == 0 {
				log, _ := os.ReadFile(filepath.Join(dir, "log"))
				t.Fatalf("the app never opened a stream on the test's PulseAudio server\napp log:\n%s", log)
			}
			secs := float64(len(pcm)) / (4 * 44100)
			if secs < 0.9*wall-0.2 {
				t.Fatalf("only %.2f s recorded from the sink's monitor in %.2f s", secs, wall)
			}
			peak, rms, loudest := measure(pcm)
			t.Logf("%.1f s recorded in %.1f s: peak %d, RMS %.1f, loudest 20 ms RMS %.0f (full scale 32767)", secs, wall, peak, rms, loudest)
			if c.loud && (peak < 2000 || loudest < 500) {
				t.Errorf("sound on: the move was not heard (peak %d, loudest 20 ms RMS %.0f)", peak, loudest)
			}
			if !c.loud && peak > 64 {
				t.Errorf("muted: the recording is not silent (peak %d, loudest 20 ms RMS %.0f)", peak, loudest)
			}
		})
	}
}

// startPulse starts a PulseAudio server of the test's own in dir, with nothing but a
// null sink ("trihex", the default sink) and a native socket that takes any client,
// and stops it when the test ends. Its home, runtime and state folders are in dir, so
// nothing of the user's is read or changed; it returns the environment for its clients.
func startPulse(t *testing.T, dir string) []string {
	t.Helper()
	home := filepath.Join(dir, "home")
	for _, d := range []string{home, filepath.Join(dir, "runtime"), filepath.Join(dir, "state")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	sock := filepath.Join(dir, "native")
	var env []string
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "PULSE_SERVER", "PULSE_COOKIE":
		default:
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_RUNTIME_DIR="+dir,
		"PULSE_RUNTIME_PATH="+filepath.Join(dir, "runtime"), "PULSE_STATE_PATH="+filepath.Join(dir, "state"),
		// No session bus: PulseAudio would try to start one.
		"DBUS_SESSION_BUS_ADDRESS=unix:path="+filepath.Join(dir, "no-bus"),
		"PULSE_SERVER=unix:"+sock, "PULSE_COOKIE="+filepath.Join(dir, "cookie"))
	logf, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	pa := exec.Command("pulseaudio", "-n", "--daemonize=no", "--system=no", "--exit-idle-time=-1", "--use-pid-file=no",
		"--realtime=no", "--high-priority=no", "--disable-shm=yes", "--log-target=stderr", "--log-level=notice",
		"-L", "module-null-sink sink_name=trihex rate=44100 channels=2",
		"-L", `module-native-protocol-unix auth-anonymous=1 socket="`+sock+`"`)
	pa.Env, pa.Stdout, pa.Stderr = env, logf, logf
	if err := pa.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { pa.Wait(); close(exited) }()
	t.Cleanup(func() {
		pa.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(3 * time.Second):
			pa.Process.Kill()
			<-exited
		}
	})
	for i := 0; ; i++ {
		if err := pactlCmd(env, "info").Run(); err == nil {
			return env
		}
		select {
		case <-exited:
		case <-time.After(100 * time.Millisecond):
			if i < 100 {
				continue
			}
		}
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("the test's PulseAudio server did not start\n%s", log)
	}
}

// recorder is parec recording the null sink's monitor for the whole test, as 16-bit
// little-endian stereo at 44.1 kHz.
type recorder struct {
	mu  sync.Mutex
	pcm []byte
}

// startRecorder starts parec and waits for its first data: the null sink renders
// large blocks while nothing asks for a low latency, so the recording begins only
// after the block under way; from then on it follows the sink within some 20 ms.
func startRecorder(t *testing.T, env []string) *recorder {
	t.Helper()
	cmd := exec.Command("parec", "--device=trihex.monitor", "--raw", "--format=s16le", "--rate=44100",
		"--channels=2", "--latency-msec=20")
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &recorder{}
	first, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 1<<16)
		for {
			n, err := out.Read(buf)
			if n > 0 {
				r.mu.Lock()
				if len(r.pcm) == 0 {
					close(first)
				}
				r.pcm = append(r.pcm, buf[:n]...)
				r.mu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
		cmd.Wait()
	})
	select {
	case <-first:
	case <-done:
		t.Fatalf("parec stopped: %s", stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatalf("parec recorded nothing in 10 s: %s", stderr.String())
	}
	return r
}

// mark is the current end of the recording.
func (r *recorder) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.pcm) &^ 3
}

// since is the recording from mark on.
func (r *recorder) since(mark int) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]byte(nil), r.pcm[mark:len(r.pcm)&^3]...)
}

func pactlCmd(env []string, args ...string) *exec.Cmd {
	c := exec.Command("pactl", args...)
	c.Env = env
	return c
}

// envValue is the value of key in env.
func envValue(env []string, key string) string {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// measure gives the peak, the RMS and the RMS of the loudest 20 ms of 16-bit
// little-endian stereo.
func measure(pcm []byte) (peak int, rms, loudest float64) {
	const window = 2 * 44100 / 50 // samples in 20 ms, both channels
	var sum, wsum float64
	n := len(pcm) / 2
	for i := range n {
		v := float64(int16(binary.LittleEndian.Uint16(pcm[2*i:])))
		peak = max(peak, int(math.Abs(v)))
		sum += v * v
		wsum += v * v
		if (i+1)%window == 0 {
			loudest = max(loudest, math.Sqrt(wsum/window))
			wsum = 0
		}
	}
	if n > 0 {
		rms = math.Sqrt(sum / float64(n))
	}
	return peak, rms, loudest
}
