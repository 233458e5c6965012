package io.dpone.testkit.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** dpone-bom has no parent (so it pins no third-party versions); its version must follow the reactor's. Pure. */
class BomVersionTest {
    private static final Pattern OWN_VERSION = Pattern.compile("<artifactId>(dpone-[a-z-]+)</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void theBomVersionIsTheReactorVersion() throws IOException {
        String reactor = version(Path.of("..", "pom.xml"), "dpone-clickhouse-parent");
        String bom = version(Path.of("..", "dpone-bom", "pom.xml"), "dpone-bom");
        assertEquals(reactor, bom, "dpone-bom/pom.xml must carry the reactor's version");
    }

    private static String version(Path pom, String artifactId) throws IOException {
        Matcher matcher = OWN_VERSION.matcher(Files.readString(pom));
        while (matcher.find()) {
            if (matcher.group(1).equals(artifactId)) {
                return matcher.group(2);
            }
        }
        return fail(pom + " declares no version for " + artifactId);
    }
}
