#!/usr/bin/env bash
# Regenerates the hero background videos and their poster frames.
# Everything is synthesised locally from ffmpeg's lavfi sources (no network, no stock footage).
# Output: public/media/video/hero-{home,podcast}.mp4 (H.264/libx264, yuv420p, 1280x720, 24 fps, 10 s, no audio)
#         public/media/video/hero-{home,podcast}.jpg (poster = first frame of the same video)
# The motion is periodic over 10 s (all terms use 2*PI*T/10), so the loop is seamless.
set -euo pipefail

cd "$(dirname "$0")/../.."
OUT=public/media/video
mkdir -p "$OUT"

FFMPEG=${FFMPEG:-ffmpeg}
DUR=10
FPS=24
CRF=${CRF:-30}

# Soft shapes are drawn at 320x180 with geq (fast), then blurred and scaled up to 1280x720.
# Palette: deep navy base (#0a1a2c .. #0f2942), a drifting teal glow and a faint gold glow.

# --- Home hero: two glows orbiting slowly on a navy gradient -----------------------------
HOME_A='exp(-(pow(X-W*(0.32+0.14*cos(2*PI*T/10)),2)+pow(Y-H*(0.45+0.18*sin(2*PI*T/10)),2))/(W*W*0.045))'
HOME_B='exp(-(pow(X-W*(0.70-0.12*cos(2*PI*T/10)),2)+pow(Y-H*(0.60-0.16*sin(2*PI*T/10)),2))/(W*W*0.030))'
"$FFMPEG" -y -hide_banner -loglevel error \
  -f lavfi -i "color=c=black:s=320x180:r=${FPS}:d=${DUR},format=gbrp" \
  -vf "geq=r='8+8*Y/H+12*${HOME_A}+34*${HOME_B}':g='20+12*Y/H+52*${HOME_A}+24*${HOME_B}':b='34+22*Y/H+56*${HOME_A}+10*${HOME_B}',gblur=sigma=6,scale=1280:720:flags=bicubic,format=yuv420p" \
  -an -c:v libx264 -preset veryslow -crf "$CRF" -tune grain -pix_fmt yuv420p -profile:v high -r "$FPS" \
  -g 48 -movflags +faststart "$OUT/hero-home.mp4"

# --- Podcast hero: a slow diagonal teal wave with a pulsing gold glow -------------------
POD_W='(0.5+0.5*sin(2*PI*(X/W*0.9+Y/H*0.6)+2*PI*T/10))'
POD_G='exp(-(pow(X-W*(0.78+0.06*sin(2*PI*T/10)),2)+pow(Y-H*0.30,2))/(W*W*(0.035+0.010*cos(2*PI*T/10))))'
"$FFMPEG" -y -hide_banner -loglevel error \
  -f lavfi -i "color=c=black:s=320x180:r=${FPS}:d=${DUR},format=gbrp" \
  -vf "geq=r='7+6*Y/H+6*${POD_W}+30*${POD_G}':g='18+10*Y/H+34*${POD_W}+20*${POD_G}':b='32+18*Y/H+36*${POD_W}+8*${POD_G}',gblur=sigma=8,scale=1280:720:flags=bicubic,format=yuv420p" \
  -an -c:v libx264 -preset veryslow -crf "$CRF" -tune grain -pix_fmt yuv420p -profile:v high -r "$FPS" \
  -g 48 -movflags +faststart "$OUT/hero-podcast.mp4"

# --- Posters: first frame of each video, JPEG ------------------------------------------
for name in hero-home hero-podcast; do
  "$FFMPEG" -y -hide_banner -loglevel error -i "$OUT/$name.mp4" -frames:v 1 -q:v 3 "$OUT/$name.jpg"
done

ls -l "$OUT"
