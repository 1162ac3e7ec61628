package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** The engine the build asked for is the one that runs: a test run can't pass on the wrong one. */
class EngineTest {
    @Test
    void forcedEngineIsInUse() throws Exception {
        String want = TestSupport.engine();
        System.out.println("arxcrypt engine under test: " + ArxCryptProvider.engineDescription()
            + " on JDK " + Runtime.version() + "; LEA on the Vector API: "
            + (LeaBulk.INSTANCE != null ? LeaBulk.INSTANCE.lanes() + " lanes" : "no"));
        // where the module is resolved, the vector path is the one under test
        assertEquals(Runtime.version().feature() >= 22 && ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
            LeaBulk.INSTANCE != null);
        KeyOps k = Engines.newKey(CipherInfo.byName("lea-128"), new byte[16]);
        if (!"auto".equals(want)) {
            assertEquals(want, k.engine(), "arxcrypt.engine=" + want + " but the key went to " + k.engine());
        }
        k.destroy();
        assertNotNull(TestSupport.ARX.getService("Cipher", "LEA/GCM/NoPadding"));
        // every cipher is served by both engines
        assertNotNull(TestSupport.ARX.getService("Cipher", "HIGHT/CBC/PKCS5Padding"));
        assertNotNull(TestSupport.ARX.getService("Cipher", "SPARX-128-256/GCM/NoPadding"));
    }
}
