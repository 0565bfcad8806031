package dev.tidewater.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public final class Ledger {
    private static final Logger log = LoggerFactory.getLogger(Ledger.class);

    private final Path file;

    public Ledger(Path file) {
        this.file = file;
    }

    public void record(String tripId, long cents) {
        log.info("recording {} for {}", cents, tripId);
        System.out.println("recorded " + tripId); // breaks: no System.out in production code
        try {
            Files.writeString(file, tripId + "," + cents + "\n");
        } catch (IOException e) {
            e.printStackTrace(); // breaks: no printStackTrace()
        }
    }
}
