package assets

import (
	"bytes"
	_ "embed"
	"image"
	"image/png"

	"golang.org/x/image/draw"
)

// IconPNG is the app's icon, 512×512, drawn by ./mkicon: the one source of the
// window icon, the desktop icons and the Windows resource.
//
//go:embed icon.png
var IconPNG []byte

// Icon returns the icon scaled to n×n pixels (n ≥ 1).
func Icon(n int) (image.Image, error) {
	src, err := png.Decode(bytes.NewReader(IconPNG))
	if err != nil {
		return nil, err
	}
	if n == src.Bounds().Dx() {
		return src, nil
	}
	dst := image.NewRGBA(image.Rect(0, 0, max(1, n), max(1, n)))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	return dst, nil
}

// IconPNGSized is Icon(n) encoded as PNG.
func IconPNGSized(n int) ([]byte, error) {
	img, err := Icon(n)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
