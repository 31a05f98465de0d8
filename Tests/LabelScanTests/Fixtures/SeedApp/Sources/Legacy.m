#import <Foundation/Foundation.h>

// Objective-C callers of the same store.
NSString *deleteLabel(void) {
    return NSLocalizedString(@"MyApp.accessibility.button.delete", @"Delete button");
}

NSString *doneLabel(void) {
    return NSLocalizedStringFromTable(@"MyApp.accessibility.button.done", @"Localizable", nil);
}
