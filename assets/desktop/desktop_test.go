//go:build !windows

package desktop

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestInstallFiles(t *testing.T) {
	d := installDirs{bin: "/home/u/.local/bin", data: "/home/u/.local/share"}
	files, err := installFiles(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2+2*len(iconSizes) {
		t.Fatalf("%d files", len(files))
	}
	de := string(files[0].data)
	for _, want := range []string{"Exec=/home/u/.local/bin/trihex %f", "StartupWMClass=Trihex", "MimeType=application/x-trihex;", "Icon=trihex", "Categories=Game;BoardGame;"} {
		if !strings.Contains(de, want) {
			t.Errorf("desktop entry lacks %q", want)
		}
	}
	if !strings.Contains(desktopEntry("/a b/trihex"), `Exec="/a b/trihex" %f`) {
		t.Error("a path with a space is not quoted")
	}
	if mx := string(files[1].data); !strings.Contains(mx, `<glob pattern="*.trihex"/>`) || !strings.Contains(mx, `type="application/x-trihex"`) {
		t.Error("MIME description")
	}
	for _, f := range files[2:] {
		if !bytes.HasPrefix(f.data, []byte("\x89PNG")) || !strings.Contains(f.path, "/icons/hicolor/") {
			t.Errorf("%s: not a hicolor PNG", f.path)
		}
	}
	if v, err := exec.LookPath("desktop-file-validate"); err == nil {
		p := filepath.Join(t.TempDir(), "trihex.desktop")
		if err := os.WriteFile(p, files[0].data, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(v, p).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("desktop-file-validate: %v %s", err, out)
		}
	}
}

func TestInstallUninstall(t *testing.T) {
	home := t.TempDir()
	var out, errb bytes.Buffer
	if code := Install([]string{"--home", home, "--no-update"}, &out, &errb); code != 0 {
		t.Fatalf("install: %d %s", code, errb.String())
	}
	for _, p := range []string{".local/bin/trihex", ".local/share/applications/trihex.desktop", ".local/share/mime/packages/trihex.xml",
		".local/share/icons/hicolor/48x48/apps/trihex.png", ".local/share/icons/hicolor/512x512/mimetypes/application-x-trihex.png"} {
		if _, err := os.Stat(filepath.Join(home, p)); err != nil {
			t.Error(err)
		}
	}
	if code := Uninstall([]string{"--home", home, "--no-update"}, &out, &errb); code != 0 {
		t.Fatalf("uninstall: %d %s", code, errb.String())
	}
	filepath.WalkDir(home, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("left behind: %s", p)
		}
		return nil
	})
	if code := Install([]string{"extra"}, &out, &errb); code != 2 {
		t.Errorf("a stray argument gives %d", code)
	}
}

// TestUsageErrors: an argument or an unknown flag is refused with the reason
// and the usage line, exit status 2, before anything is written.
func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"--nope"}} {
		for name, run := range map[string]func([]string, *bytes.Buffer, *bytes.Buffer) int{
			"install":   func(a []string, o, e *bytes.Buffer) int { return Install(a, o, e) },
			"uninstall": func(a []string, o, e *bytes.Buffer) int { return Uninstall(a, o, e) },
		} {
			var out, errb bytes.Buffer
			code := run(append(args, "--home", t.TempDir()), &out, &errb)
			if code != 2 || !strings.HasPrefix(errb.String(), "trihex: ") || !strings.HasSuffix(errb.String(), "usage: "+Usage+"\n") || out.Len() != 0 {
				t.Errorf("%s %q: status %d, stderr %q, stdout %q", name, args, code, errb.String(), out.String())
			}
		}
	}
}
