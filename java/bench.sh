#!/usr/bin/env bash
# make java-bench: JavaBench (LEA-128 GCM/CTR through Cipher: ArxCrypt pure Java and native,
# Bouncy Castle, the JDK's AES) on JDK 25, then the C library's own figures for the same
# cipher, modes and sizes (arxcrypt bench), with the CPU and the load.
# usage: java/bench.sh BUILD_DIR JDK_HOME [round_ms rounds]
set -euo pipefail
build=$(cd "$1" && pwd)
jdk=$2
cd "$(dirname "$0")"
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt -Dmdep.includeScope=test >/dev/null
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), load: $(uptime | sed 's/.*load average: //')"
cp="target/arxcrypt-0.1.0.jar:target/test-classes:$(cat target/bench-cp.txt)"
# everything, the pure engine with the Vector API (jdk.incubator.vector resolved)
"$jdk/bin/java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
  -Darxcrypt.library="$build/libarxcrypt.so" -cp "$cp" org.arxcrypt.bench.JavaBench "${3:-200}" "${4:-7}" 2>&1 |
  grep -v 'incubator modules'
# the pure engine as a plain JVM runs it (scalar LEA)
"$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" org.arxcrypt.bench.JavaBench "${3:-200}" "${4:-7}" java
# many messages at once (org.arxcrypt.Many) against Cipher one message at a time, native engine
"$jdk/bin/java" --enable-native-access=ALL-UNNAMED -Darxcrypt.library="$build/libarxcrypt.so" -cp "$cp" \
  org.arxcrypt.bench.ManyBench
echo
echo "C library, same machine (arxcrypt bench):"
"$build/arxcrypt" bench --cipher lea-128 --mode gcm,ctr --size 1048576 --no-baselines
echo "load after: $(uptime | sed 's/.*load average: //')"
