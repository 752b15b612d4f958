#!/usr/bin/env bash
# Installs the Debian packages Lamina builds and runs against: EGL + GLES 3 headers and Mesa's drivers
# (llvmpipe through EGL's surfaceless platform when there is no GPU), GBM, libpng, and for text FreeType,
# HarfBuzz, Fontconfig and the fonts the corpus names: DejaVu (Latin, Greek, Cyrillic, Arabic, Hebrew) and
# WenQuanYi Micro Hei (Chinese, Japanese kana, Korean).
set -euo pipefail
packages=(pkg-config libegl-dev libgles-dev libgbm-dev libpng-dev libegl1 libgles2 libegl-mesa0 libgbm1 libgl1-mesa-dri
          libfreetype-dev libharfbuzz-dev libfontconfig-dev fontconfig fonts-dejavu-core fonts-wqy-microhei libwebp-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "lamina: system packages present: ${packages[*]}"
