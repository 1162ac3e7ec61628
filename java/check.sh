#!/usr/bin/env bash
# The Java provider's checks (ctest `java`, make java):
#   1. mvn verify: the JUnit suite on the default JDK (17: pure-Java engine) and, when a JDK
#      22+ is at $JDK25_HOME (default Temurin 25), again on it with each engine, the native one
#      loading $BUILD/libarxcrypt.so;
#   2. the "unseen program" (unseen/Unseen.java): compiled with javac alone, run with only the
#      jar on its class path on each JDK and engine; its random LEA GCM/CTR/CBC outputs are
#      recomputed with the arxcrypt CLI.
# usage: java/check.sh BUILD_DIR [smoke|full]. Exit 77 (skipped) without mvn or a JDK.
set -euo pipefail
build=$(cd "$1" && pwd)
size=${2:-full}
cd "$(dirname "$0")"
if ! command -v mvn >/dev/null 2>&1 || ! command -v javac >/dev/null 2>&1; then
  echo "java: SKIPPED: needs mvn and a JDK 17+ (apt-get install openjdk-17-jdk-headless maven)"
  exit 77
fi
test -f "$build/libarxcrypt.so" || { echo "java: $build/libarxcrypt.so missing (build the library first)"; exit 1; }
jdk25=${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
if [ -x "$jdk25/bin/javac" ] && [ "$("$jdk25/bin/java" -XshowSettings:properties -version 2>&1 |
     sed -n 's/ *java.specification.version = //p')" -ge 22 ]; then
  profile=(-Pjdk25 "-Djdk25.home=$jdk25")
else
  echo "java: no JDK 22+ at $jdk25 (set JDK25_HOME): the native-engine tests are SKIPPED, the pure-Java engine is tested on $(javac -version 2>&1)"
  profile=(-P '!jdk25')
  jdk25=
fi
rm -rf target/surefire-reports target/failsafe-java target/failsafe-native
mvn -B -q verify "${profile[@]}" "-Darxcrypt.library=$build/libarxcrypt.so" \
  "-Darxcrypt.cli=$build/arxcrypt" "-Darxcrypt.test.size=$size"
for d in target/surefire-reports target/failsafe-java target/failsafe-native; do
  [ -d "$d" ] || continue
  t=0 f=0 s=0
  for x in "$d"/TEST-*.xml; do
    t=$((t + $(sed -n 's/.*<testsuite[^>]* tests="\([0-9]*\)".*/\1/p' "$x" | head -1)))
    f=$((f + $(sed -n 's/.*<testsuite[^>]* failures="\([0-9]*\)".*/\1/p' "$x" | head -1)))
    s=$((s + $(sed -n 's/.*<testsuite[^>]* skipped="\([0-9]*\)".*/\1/p' "$x" | head -1)))
  done
  echo "java: $d: $t tests, $f failures, $s skipped"
done

jar=target/arxcrypt-0.1.0.jar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp unseen/Unseen.java "$tmp/"
javac --release 17 -d "$tmp" "$tmp/Unseen.java"
n=$([ "$size" = smoke ] && echo 12 || echo 60)
runs=("java:java:")
[ -n "$jdk25" ] && runs+=("$jdk25/bin/java:java:" "$jdk25/bin/java:java:--add-modules=jdk.incubator.vector"
                        "$jdk25/bin/java:native:")
for run in "${runs[@]}"; do
  IFS=: read -r jvm engine extra <<< "$run"
  "$jvm" ${extra:+"$extra"} --enable-native-access=ALL-UNNAMED -Darxcrypt.engine="$engine" -Darxcrypt.library="$build/libarxcrypt.so" \
    -cp "$jar:$tmp" Unseen "$n" > "$tmp/out.txt" 2> "$tmp/err.txt" ||
    { cat "$tmp/err.txt"; echo "java: unseen program failed ($jvm, $engine)"; exit 1; }
  count=0
  while read -r mode key iv aad pt out; do
    args=(raw -c "lea-$((${#key} * 4))" -m "$mode" -k "$key" --iv "$iv")
    [ "$aad" != - ] && args+=(--aad "$aad")
    [ "$mode" = cbc ] && args+=(--pad)
    want=$(printf '%b' "$(printf '%s' "$pt" | sed 's/../\\x&/g')" | "$build/arxcrypt" "${args[@]}" | od -An -v -tx1 | tr -d ' \n')
    [ "$want" = "$out" ] || { echo "java: unseen program ($jvm, $engine): $mode key $key differs from the CLI"; exit 1; }
    count=$((count + 1))
  done < "$tmp/out.txt"
  [ "$count" -eq "$n" ] || { echo "java: unseen program printed $count of $n cases"; exit 1; }
  echo "java: unseen program on $("$jvm" -version 2>&1 | head -1), engine $engine ${extra}: $count cases match the CLI"
done
