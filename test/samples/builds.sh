# test/samples/builds.sh - sourced by the sample checks: builds SRC with
# plain cc (pragmas ignored) and with stradscc into a temporary folder $dir
# ($dir/ref and $dir/par), both -Wall -Wextra -Werror clean (gnu11), and
# removes the folder on exit. Expects $stradscc and $src.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas "$src" -o "$dir/ref" -lm
"$stradscc" -std=gnu11 -O2 -Wall -Wextra -Werror "$src" -o "$dir/par" -lm
